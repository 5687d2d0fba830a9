// What `react` and `react-dom` resolve to in the client bundle: the React APIs islands use, straight from Preact.
// preact/compat would add 2 KB gzip of React emulation and push pages past the 10 KB budget. Without it,
// islands keep to what Preact core does the React way: no onChange on text fields (core fires it on
// `change`, not on input), no camelCase SVG attributes such as strokeWidth, only the hooks listed here.
// A missing export fails the bundle build, never the page.
export { createElement, hydrate } from 'preact';
export { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
