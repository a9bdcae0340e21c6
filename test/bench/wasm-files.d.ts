/** A WebAssembly module imported `with { type: "file" }`: its path, embedded by `bun build --compile`. */
declare module "*.wasm" {
  const path: string;
  export default path;
}
