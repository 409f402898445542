// Scaffold page, replaced by its feature's real screen.
export default function AboutPage() {
  return (
    <section className="container section">
      <h1>About us</h1>
    </section>
  );
}
