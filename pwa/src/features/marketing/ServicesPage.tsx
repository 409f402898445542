// Scaffold page, replaced by its feature's real screen.
export default function ServicesPage() {
  return (
    <section className="container section">
      <h1>Our services</h1>
    </section>
  );
}
