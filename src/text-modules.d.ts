declare module "*.sql" {
  const text: string;
  export default text;
}

declare module "*.worker-text.js" {
  const text: string;
  export default text;
}
