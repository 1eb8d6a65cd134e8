/** The top of the sign-in pages: the platform's mark and greeting. */
export function LoginBrand({ subtitle }: { subtitle: string }) {
  return (
    <div className="login-brand">
      <div className="login-brand__logo" aria-hidden>
        财
      </div>
      <h1 className="login-brand__title">欢迎来到开放财富</h1>
      <p className="login-brand__subtitle">{subtitle}</p>
    </div>
  )
}
