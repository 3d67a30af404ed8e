import { useEffect, useState, type FormEvent } from 'react';
import { ActionResult, SubmitRow } from '../components/ActionResult';
import { useBackOffice } from '../store';
import { useAction } from '../use-action';

type SiteUser = { firstName: string; lastName: string; email: string };

/** The owner's web sign-in's problems, each naming its field. */
export function siteUserProblems(user: SiteUser): Partial<Record<keyof SiteUser, string>> {
  const problems: Partial<Record<keyof SiteUser, string>> = {};
  if (user.firstName.trim() === '') problems.firstName = 'First name is required.';
  if (user.lastName.trim() === '') problems.lastName = 'Last name is required.';
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(user.email.trim()))
    problems.email = 'Email must be an email address like name@example.com.';
  for (const [field, label] of [
    ['firstName', 'First name'],
    ['lastName', 'Last name'],
    ['email', 'Email'],
  ] as const) {
    if (user[field].length > 300) problems[field] = `${label} is ${user[field].length} characters; at most 300.`;
  }
  return problems;
}

const labels: Record<keyof SiteUser, string> = { firstName: 'First name', lastName: 'Last name', email: 'Email' };

/**
 * The owner's account on the service's web app, where they sign and later follow the account.
 * It can change only until the owner registers with the email given here; after that the owner
 * edits it, and the main side says so.
 */
export function OwnerUserSection({ merchantId }: { merchantId: string }) {
  const run = useBackOffice((state) => state.run);
  const [user, setUser] = useState<SiteUser>({ firstName: '', lastName: '', email: '' });
  const [problems, setProblems] = useState<Partial<Record<keyof SiteUser, string>>>({});
  const load = useAction();
  const save = useAction();
  useEffect(() => {
    void load.run(async () => {
      const found = await run('applications.ownerUser', { merchantId });
      setUser({ firstName: found?.firstName ?? '', lastName: found?.lastName ?? '', email: found?.email ?? '' });
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load.run is stable
  }, [merchantId, run]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = siteUserProblems(user);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    await save.run(async () => {
      await run('applications.setOwnerUser', {
        merchantId,
        ownerSiteUser: { firstName: user.firstName.trim(), lastName: user.lastName.trim(), email: user.email.trim() },
      });
      return 'Owner sign-in saved.';
    });
  };
  return (
    <section className="bo-panel" aria-labelledby="owner-user-heading">
      <h2 id="owner-user-heading">Owner&rsquo;s web sign-in</h2>
      <ActionResult action={load} />
      <form className="bo-form" noValidate onSubmit={(event) => void submit(event)}>
        {(Object.keys(labels) as Array<keyof SiteUser>).map((field) => (
          <div className="bo-field" key={field}>
            <label htmlFor={`owner-user-${field}`}>{labels[field]}</label>
            <input
              id={`owner-user-${field}`}
              type={field === 'email' ? 'email' : 'text'}
              value={user[field]}
              aria-invalid={problems[field] !== undefined}
              aria-describedby={problems[field] ? `owner-user-${field}-problem` : undefined}
              onChange={(event) => setUser({ ...user, [field]: event.target.value })}
            />
            {problems[field] ? (
              <p className="bo-error" id={`owner-user-${field}-problem`}>
                {problems[field]}
              </p>
            ) : null}
          </div>
        ))}
        <SubmitRow label="Save sign-in" action={save} />
      </form>
    </section>
  );
}
