// The baseline page for Lighthouse: a bare Next.js page of the same Next version, no client components.
export const metadata = { title: "Bare Next.js page" };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
