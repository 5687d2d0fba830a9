// 'react/jsx-runtime' in the templates bundle: the one copy the CLI renders with, required through the bundle's `brochureRequire` (src/bundle/templates.ts).
module.exports = brochureRequire('react/jsx-runtime');
