/** The dashboard's stylesheet and script, imported as text so `bun build --compile` embeds them. */
declare module "*.css" {
  const text: string;
  export default text;
}
declare module "*.client.js" {
  const text: string;
  export default text;
}
