import type { Metadata } from "next";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { SiteHeader } from "@/components/site-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

export const metadata: Metadata = { title: "Forgot your password?" };

export default function ForgotPasswordPage() {
  return (
    <>
      <SiteHeader />
      <main className="mx-auto flex max-w-md flex-col justify-center px-4 py-12">
        <Card>
          <CardHeader className="flex-col">
            <CardTitle as="h1" className="text-2xl">
              Forgot your password?
            </CardTitle>
            <CardDescription>
              Enter your username or your email. We email you a link to choose a new password.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ForgotPasswordForm />
          </CardContent>
        </Card>
      </main>
    </>
  );
}
