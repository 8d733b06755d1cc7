// The typed client reads SHORTVID_* from the environment where there is one; in the browser there is
// none, and it checks `typeof process` first. This declares just enough for that check to type.
declare const process: { env: Record<string, string | undefined> } | undefined;
declare module "*.css";
