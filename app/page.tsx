import Link from "next/link";
import { redirect } from "next/navigation";
import { HOME_OF, webSession } from "@/lib/auth/page-session";

export const dynamic = "force-dynamic";

export default async function Home() {
  const session = await webSession();
  const home = session?.user?.role ? HOME_OF[session.user.role] : undefined;
  if (home) redirect(home);
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-semibold">Care Program Platform</h1>
      <p className="mt-4 text-slate-700">
        Clinics create client accounts and assign them programs of homework; care providers follow each client&apos;s
        sessions and give feedback; institutes connect their own identity provider.
      </p>
      <p className="mt-8">
        <Link className="rounded-md bg-blue-700 px-4 py-2.5 font-semibold text-white hover:bg-blue-800" href="/signin">
          Sign in
        </Link>
      </p>
      <p className="mt-8 text-slate-700">
        For developers: the{" "}
        <Link className="text-blue-700 underline" href="/docs">
          API reference
        </Link>{" "}
        (OpenAPI 3.1 at <code>/gateway/openapi.json</code>).
      </p>
    </main>
  );
}
