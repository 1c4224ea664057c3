import Link from "next/link";

export default function Home() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-semibold">Care Program Platform</h1>
      <p className="mt-4 text-slate-700">
        Clinics create client accounts and assign them programs of homework; care providers follow each client&apos;s sessions
        and give feedback; institutes connect their own identity provider.
      </p>
      <ul className="mt-8 list-disc space-y-2 pl-6">
        <li>
          <Link className="text-blue-700 underline" href="/docs">
            API reference
          </Link>{" "}
          (OpenAPI 3.1 at <code>/gateway/openapi.json</code>)
        </li>
      </ul>
    </main>
  );
}
