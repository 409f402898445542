// Scaffold page, replaced by its feature's real screen.
export default function EmployeeApp() {
  return (
    <section className="container section">
      <h1>Employee Portal</h1>
    </section>
  );
}
