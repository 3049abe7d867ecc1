// ANY /api/{anything else} – an address no API route serves: a 404 envelope, never the HTML page
import { failure } from "@/server/platform/http/envelope";

// Next prefers every real route (and Auth.js's /api/auth/[...nextauth], and the local storage
// route /api/storage/[...key]) over this optional catch-all, so it only answers the rest.
const notFound = (request: Request) => failure(404, `There is no API at ${new URL(request.url).pathname}.`, { headers: { "Cache-Control": "no-store" } });

export { notFound as GET, notFound as HEAD, notFound as OPTIONS, notFound as POST, notFound as PUT, notFound as DELETE, notFound as PATCH };
