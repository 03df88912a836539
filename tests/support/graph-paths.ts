// The path generator lives beside the machines (src/machines/graph) so that the workflow viewer
// lists the very paths the tests walk; this module keeps the tests' imports as they were.
export * from '../../src/machines/graph/paths';
