import type { MailMessage } from '../adapters/mail/mail';

/** Sent to an address with no account: signing up with it joins the collection. */
export function invitationMail(
  to: string,
  p: { collection: string; inviter: string; link: string },
): MailMessage {
  const text = [
    `${p.inviter} invited you to the collection "${p.collection}" on Flowlearn.`,
    '',
    `Create your account with this e-mail address to join it: ${p.link}`,
    '',
    'If you did not expect this invitation, you can ignore this e-mail.',
  ].join('\n');
  return {
    to,
    subject: `You are invited to "${p.collection}" on Flowlearn`,
    text,
    kind: 'invite:collection',
  };
}

/** Sent to an existing user who was added at once. */
export function addedMail(
  to: string,
  p: { collection: string; inviter: string; link: string; role: string },
): MailMessage {
  const text = [
    `${p.inviter} added you to the collection "${p.collection}" on Flowlearn as ${p.role}.`,
    '',
    `Open it here: ${p.link}`,
  ].join('\n');
  return {
    to,
    subject: `You were added to "${p.collection}" on Flowlearn`,
    text,
    kind: 'invite:collection-added',
  };
}
