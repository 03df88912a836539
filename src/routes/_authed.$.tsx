// Any address no other route knows. It sits under _authed, so a visitor without a session is sent
// to /login first (the parent's guard); a signed-in person reads "Page not found" inside the shell.
import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../ui/not-found/not-found-page';

export const Route = createFileRoute('/_authed/$')({
  component: NotFoundPage,
});
