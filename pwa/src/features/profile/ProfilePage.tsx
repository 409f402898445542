// Scaffold page, replaced by its feature's real screen.
export default function ProfilePage() {
  return (
    <section className="container section">
      <h1>Profile</h1>
    </section>
  );
}
