import { scriptClient } from "@/scripts/lib/script-client";
import { printDemoSignIns, seedDemo } from "@/prisma/seed-demo";

const p = scriptClient();
const created = await seedDemo(p);
console.log(created ? "Demo data created." : "Demo data already present; nothing changed.");
printDemoSignIns(`http://localhost:${process.env.PORT ?? 3000}`);
await p.$disconnect();
