import { scriptClient } from "@/lib/db/script-client";
import { printDemoSignIns, seedDemo } from "@/lib/db/seed-demo";

const p = scriptClient();
const created = await seedDemo(p);
console.log(created ? "Demo data created." : "Demo data already present; nothing changed.");
printDemoSignIns(`http://localhost:${process.env.PORT ?? 3000}`);
await p.$disconnect();
