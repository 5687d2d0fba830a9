// `npm run bench [-- --scales S,L,XL --runs 5]`: the build figures (cold, cached, peak memory), then watch latency.
await import('./build.ts');
await import('./watch.ts');
