// Tests run lib/ code outside Next.js; `server-only` would refuse to load there.
export {};
