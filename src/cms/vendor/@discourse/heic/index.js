export { default as decode } from './decode.js';
