// What `Buffer` is in the editor's browser script: the content checks measure a body's bytes with Buffer.byteLength.

const encoder = new TextEncoder();

export const Buffer = { byteLength: (text: string): number => encoder.encode(text).byteLength };
