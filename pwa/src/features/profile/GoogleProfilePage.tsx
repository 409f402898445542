// Scaffold page, replaced by its feature's real screen.
export default function GoogleProfilePage() {
  return (
    <section className="container section">
      <h1>Google profile</h1>
    </section>
  );
}
