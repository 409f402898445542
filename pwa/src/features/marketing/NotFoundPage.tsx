// Scaffold page, replaced by its feature's real screen.
export default function NotFoundPage() {
  return (
    <section className="container section">
      <h1>Page not found</h1>
    </section>
  );
}
