// A stylesheet imported with a query the build understands (build/radix-css-trim.ts SECTIONS_QUERY).
declare module '*.css?sections';
