// Scaffold page, replaced by its feature's real screen.
export default function HomePage() {
  return (
    <section className="container section">
      <h1>SparkleClean</h1>
    </section>
  );
}
