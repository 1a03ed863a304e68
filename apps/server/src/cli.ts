import { Command } from 'commander';
import { randomBytes } from 'node:crypto';
import { loadConfig } from './config';
import { openConfiguredDatabase } from './db/open';
import { createStaffUser } from './modules/staff/staff.repository';

const program = new Command().name('qbank').description('QBank operator commands');

program
  .command('migrate')
  .description('Apply the database migrations')
  .action(async () => {
    const database = await openConfiguredDatabase(loadConfig());
    await database.migrate();
    await database.close();
    console.log(`Migrations applied (${database.kind}).`);
  });

program
  .command('create-admin')
  .description('Create a staff user (or make an existing user staff)')
  .requiredOption('--email <email>', 'e-mail address of the staff user')
  .option('--password <password>', 'password (a random one is printed when left out)')
  .action(async (options: { email: string; password?: string }) => {
    const database = await openConfiguredDatabase(loadConfig());
    await database.migrate();
    const password = options.password ?? randomBytes(12).toString('base64url');
    try {
      const created = await createStaffUser(database.db, options.email, password);
      console.log(
        created
          ? `Staff user ${options.email} created.${options.password ? '' : ` Password: ${password}`}`
          : `${options.email} already existed and is now staff.`,
      );
    } finally {
      await database.close();
    }
  });

await program.parseAsync();
