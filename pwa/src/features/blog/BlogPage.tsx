// Scaffold page, replaced by its feature's real screen.
export default function BlogPage() {
  return (
    <section className="container section">
      <h1>Blog</h1>
    </section>
  );
}
