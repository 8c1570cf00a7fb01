// Pushes to the world's git repositories: who may push (checked here, before git runs), and which ref updates the
// repository takes (checked by git's pre-receive hook, which sees the pushed objects). A refusal is plain text that
// git shows its user, as `remote: …` lines or after `fatal:`.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import * as path from 'node:path';
import { atLeast, explicitLevel } from '../access';
import { gitToken, mayWriteContents } from '../http/auth';
import { DEFAULT_BRANCH, type RepoRec, type State } from '../state';

/** The largest push (the request body git sends: ref updates and the pack) taken by default. */
export const DEFAULT_PUSH_LIMIT_BYTES = 10 * 1024 * 1024;
export const PUSH_REALM = 'Agent Tasks sandbox';
/** Who made each branch pushed to a repository: `refs/…/created-by/<branch>` names a blob holding the user's id. */
export const CREATORS_NAMESPACE = 'refs/agent-tasks-sandbox/created-by';
const HIDDEN = 'refs/agent-tasks-sandbox';

export type PushVerdict =
  | { ok: true; userId: number; login: string }
  | { ok: false; status: number; text: string; headers?: Record<string, string> };

const refuse = (status: number, text: string, headers?: Record<string, string>): PushVerdict => ({
  ok: false,
  status,
  text: `${text}\n`,
  ...(headers ? { headers } : {}),
});

/** Whether the caller may push to `repo`; without credentials, the challenge that makes git ask for them. */
export function checkPusher(st: State, req: IncomingMessage, repo: RepoRec): PushVerdict {
  const name = `${repo.ownerAccount.login}/${repo.name}`;
  const challenge = { 'www-authenticate': `Basic realm="${PUSH_REALM}", charset="UTF-8"` };
  const sent = gitToken(st, req);
  if (!sent) {
    return refuse(
      401,
      `Pushing to ${name} needs a token: give git a token as the password (any user name).`,
      challenge,
    );
  }
  const t = sent.token;
  if (!t) return refuse(401, 'Bad credentials: the sandbox knows no such token, or it was revoked.', challenge);
  if (t.type === 'installation') return refuse(403, 'Installation access tokens cannot push to the sandbox.');
  if (!mayWriteContents(t)) {
    return refuse(
      403,
      'This token is read-only for git: pushing needs a fine-grained token with the Contents permission (write) ' +
        'or a classic token with the repo scope.',
    );
  }
  const user = st.users.get(t.user);
  if (!user || !atLeast(explicitLevel(st, t.user, repo), 'write')) {
    return refuse(403, `${user?.login ?? 'This user'} has no write access to ${name}: the push is refused.`);
  }
  return { ok: true, userId: user.id, login: user.login };
}

export const tooLarge = (size: number, limit: number): string =>
  `This push (${size} bytes) is over the sandbox's limit of ${limit} bytes: push fewer or smaller files.`;

/** Configuration for every git request of the sandbox (given to git through the environment, never on disk). */
export function gitRequestEnv(
  hooks: string | undefined,
  pusher: { userId: number; login: string; repo: RepoRec; limit: number } | undefined,
): Record<string, string> {
  const config: Array<[string, string]> = [
    // The creators' records are the sandbox's own: never shown to a fetch or a push.
    ['transfer.hideRefs', HIDDEN],
    ['http.receivepack', pusher ? 'true' : 'false'],
  ];
  const env: Record<string, string> = {};
  if (pusher && hooks) {
    config.push(
      ['core.hooksPath', hooks],
      ['receive.maxInputSize', String(pusher.limit)],
      // Acknowledged means on disk: objects and refs are synced before receive-pack answers (git 2.36 and later).
      ['core.fsync', 'committed'],
      ['core.fsyncMethod', 'fsync'],
    );
    env.REMOTE_USER = pusher.login;
    env.AGENT_TASKS_SANDBOX_PUSHER = String(pusher.userId);
    env.AGENT_TASKS_SANDBOX_DEFAULT_BRANCH = pusher.repo.default_branch ?? DEFAULT_BRANCH;
  }
  env.GIT_CONFIG_COUNT = String(config.length);
  config.forEach(([k, v], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = k;
    env[`GIT_CONFIG_VALUE_${i}`] = v;
  });
  return env;
}

// The ref updates a push may make. git runs it with the pushed objects in quarantine and takes nothing when it
// fails; what it prints reaches the pusher. Branch names cannot hold spaces, so `read` splits the lines safely.
const PRE_RECEIVE = `#!/bin/sh
# The Agent Tasks sandbox: which ref updates a push may make (src/sandbox/git/push.ts).
status=0
while read old new ref; do
  case "$ref" in
    refs/heads/*) branch=\${ref#refs/heads/} ;;
    *) echo "refused $ref: the sandbox takes branches only"; status=1; continue ;;
  esac
  if [ "$branch" = "$AGENT_TASKS_SANDBOX_DEFAULT_BRANCH" ]; then
    echo "refused $branch: it is the default branch; push your work to a branch of its own"
    status=1; continue
  fi
  case "$old" in *[!0]*) ;; *) continue ;; esac
  creator=$(git cat-file blob "${CREATORS_NAMESPACE}/$branch" 2>/dev/null)
  [ "$creator" = "$AGENT_TASKS_SANDBOX_PUSHER" ] && continue
  case "$new" in
    *[!0]*) ;;
    *) echo "refused deleting $branch: you did not create this branch"; status=1; continue ;;
  esac
  if ! git merge-base --is-ancestor "$old" "$new" 2>/dev/null; then
    echo "refused a force push to $branch: you did not create this branch; pull its commits and push on top of them"
    status=1
  fi
done
exit $status
`;

// Records who made each new branch, and forgets a deleted one, before receive-pack answers the push.
const POST_RECEIVE = `#!/bin/sh
# The Agent Tasks sandbox: who created each pushed branch (src/sandbox/git/push.ts).
while read old new ref; do
  record="${CREATORS_NAMESPACE}/\${ref#refs/heads/}"
  case "$new" in *[!0]*) ;; *) git update-ref -d "$record"; continue ;; esac
  case "$old" in *[!0]*) continue ;; esac
  blob=$(echo "$AGENT_TASKS_SANDBOX_PUSHER" | git hash-object -w --stdin) && git update-ref "$record" "$blob"
done
exit 0
`;

/**
 * The hooks directory under `root` (written once, whole: built aside and renamed, named by its content so a newer
 * sandbox writes its own).
 */
export function ensureHooks(root: string): string {
  const hash = createHash('sha256').update(PRE_RECEIVE).update(POST_RECEIVE).digest('hex').slice(0, 12);
  const dir = path.join(root, `.hooks-${hash}`);
  if (fs.existsSync(dir)) return dir;
  const tmp = `${dir}.tmp-${process.pid}-${Date.now()}`;
  fs.mkdirSync(tmp, { recursive: true });
  fs.writeFileSync(path.join(tmp, 'pre-receive'), PRE_RECEIVE, { mode: 0o755 });
  fs.writeFileSync(path.join(tmp, 'post-receive'), POST_RECEIVE, { mode: 0o755 });
  try {
    fs.renameSync(tmp, dir);
  } catch (e) {
    fs.rmSync(tmp, { recursive: true, force: true });
    if (!fs.existsSync(dir)) throw e;
  }
  return dir;
}
