import { afterAll, beforeAll, expect, test } from "vitest";
import { killChildren } from "../src/server/test/child-process";
import { PASSWORD, startAbuseServer, type AbuseServer } from "./abuse-server";

// Ports 4500-4549 belong to the abuse tests.
const PORT = 4501;
const ATTACKER = "203.0.113.66";
const CLIENT_HOME = "198.51.100.10";
const STAFF_OFFICE = "198.51.100.20";
const CLIENT = "owner@example.com";

let server: AbuseServer;
beforeAll(async () => {
  server = await startAbuseServer("lockout", PORT);
  await server.confirmedClient(CLIENT, "198.51.100.99");
});
afterAll(async () => {
  await server?.stop();
  killChildren();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("bad passwords from one address never keep the owners out from theirs", async () => {
  const accounts = [
    { email: CLIENT, password: PASSWORD, home: CLIENT_HOME },
    { email: server.staffEmail, password: server.staffPassword, home: STAFF_OFFICE },
  ];
  const attackEndsAt = Date.now() + 12_000;

  // The attacker: a bad password for each account in turn, 2.5 a second for 12 seconds,
  // sent on schedule whether or not the previous one was answered.
  const attacker = (async () => {
    const sent: Promise<number>[] = [];
    for (let i = 0; Date.now() < attackEndsAt; i++) {
      sent.push(server.signIn(accounts[i % 2]!.email, "not-the-password", ATTACKER).then((res) => res.status));
      await sleep(400);
    }
    return Promise.all(sent);
  })();

  // Once the attacker has failed more than 5 times on each account, the owners sign in from
  // their own addresses: 12 times in all, spread over the rest of the attack.
  const owners = (async () => {
    const statuses: number[] = [];
    await sleep(5_000);
    for (let i = 0; i < 12; i++) {
      const next = sleep(550);
      const account = accounts[i % 2]!;
      statuses.push((await server.signIn(account.email, account.password, account.home)).status);
      await next;
    }
    return statuses;
  })();

  const [attempts, signIns] = await Promise.all([attacker, owners]);
  const succeeded = signIns.filter((status) => status === 200).length;
  const refused = attempts.filter((status) => status === 429).length;
  console.log(
    `reliability: lockout — owners signed in ${succeeded} of ${signIns.length} while an attacker sent ${attempts.length} bad passwords (${refused} refused 429, ${attempts.length - refused} checked)`,
  );

  expect(signIns).toEqual(Array(12).fill(200));
  // The attacker was held back all the same: past its budget, nearly everything was refused.
  expect(attempts.length).toBeGreaterThanOrEqual(20);
  expect(attempts.length - refused).toBeLessThanOrEqual(12);
});
