import { Link } from 'wouter';

/** The top of every two-step wizard (assignment, automation task, tool): a way back, the title and
 *  the step list, with the current step announced to screen readers. */
export function WizardHeader(props: {
  back: string;
  backLabel: string;
  title: string;
  stepsLabel: string;
  steps: readonly string[];
  current: number;
}) {
  return (
    <header className="wizard__top">
      <Link href={props.back} className="btn btn--ghost">
        ← {props.backLabel}
      </Link>
      <h1>{props.title}</h1>
      <ol className="steps" aria-label={props.stepsLabel}>
        {props.steps.map((label, i) => (
          <li key={label} aria-current={i === props.current ? 'step' : undefined}>
            {label}
          </li>
        ))}
      </ol>
    </header>
  );
}
