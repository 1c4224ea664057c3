import { AppError } from "@/lib/errors";
import { problem } from "@/lib/gateway/problem";

// Any other path under /gateway answers problem+json, not the web app's HTML 404 page.
const notFound = () => problem(new AppError("not_found", "no such gateway operation"));

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
