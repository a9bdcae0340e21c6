/** A font imported `with { type: "file" }`: its path, embedded in the executable by `bun build --compile`. */
declare module "*.ttf" {
  const path: string;
  export default path;
}
