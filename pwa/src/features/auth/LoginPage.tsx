// Scaffold page, replaced by its feature's real screen.
export default function LoginPage() {
  return (
    <section className="container section">
      <h1>Sign in</h1>
    </section>
  );
}
