// What `react` and `react-dom` resolve to in the client bundle: the React APIs islands use, straight from Preact.
// preact/compat would add 2 KB gzip of React emulation and push pages past the 10 KB budget; islands keep to
// APIs that behave the same in Preact core (no `onChange` on text fields, no `style` strings, DOM event names).
export { createElement, Fragment, hydrate } from 'preact';
export { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
