import { Command } from 'commander';
import { randomBytes } from 'node:crypto';
import { describeStorage, loadConfig, type Config } from './config';
import { DataDirBusyError } from './db/data-dir-lock';
import { openConfiguredDatabase } from './db/open';
import { invalidateAll } from './lib/cache';
import { loadMediaSecret, MediaSigner } from './lib/media-signing';
import { setupLink, setupToken } from './modules/staff-setup/staff-setup.service';
import { createStaffUser } from './modules/staff/staff.repository';
import { exportCommand, importCommand, useCallerDirectory } from './modules/content/content.cli';
import { generateCommand } from './modules/content/generate.cli';
import { repairAggregatesCommand } from './modules/answers/answers.cli';
import { backupCommand, restoreCommand } from './modules/backup/backup.cli';

const program = new Command().name('qbank').description('QBank operator commands');

// Every command names the database it opens, so no one writes into a folder the app never reads.
program.hook('preAction', () => {
  console.log(`Using ${describeStorage(loadConfig())}.`);
});

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
    const config = loadConfig();
    const database = await openConfiguredDatabase(config).catch((error: unknown) => {
      if (error instanceof DataDirBusyError) throw new DataDirBusyError(setupHint(config, error));
      throw error;
    });
    await database.migrate();
    const password = options.password ?? randomBytes(12).toString('base64url');
    try {
      const created = await createStaffUser(database.db, options.email, password);
      // Running servers on the same PostgreSQL database drop what they cached about users.
      await invalidateAll(database.db);
      console.log(
        created
          ? `Staff user ${options.email} created in ${describeStorage(config)}.${options.password ? '' : ` Password: ${password}`}`
          : `${options.email} already existed in ${describeStorage(config)} and is now staff.`,
      );
    } finally {
      await database.close();
    }
  });

/** The app holds the embedded database: the setup link it accepts makes the first staff account. */
function setupHint(config: Config, error: DataDirBusyError): string {
  const signer = new MediaSigner(loadMediaSecret(config.mediaSigningKey, config.dataDir));
  const link = setupLink(config.publicUrl, setupToken({ signer }));
  return (
    `${error.message}\nWhile no staff account exists, the running app makes the first one ` +
    `through this link:\n  ${link}`
  );
}

program
  .command('import')
  .description('Import questions (whole file validated first; all or nothing; re-import updates)')
  .argument('<files...>', 'files to import, one after the other')
  .option(
    '--format <format>',
    'json | csv | gift | aiken | moodle-xml (default: from the extension)',
  )
  .option('--dry-run', 'validate and report, write nothing')
  .option('--module <name>', 'module of questions whose file names no category')
  .option(
    '--encoding <name>',
    'character encoding of files that are not UTF-8 (windows-1252, gb18030…)',
  )
  .action(
    async (
      files: string[],
      options: { format?: string; dryRun?: boolean; module?: string; encoding?: string },
    ) => {
      useCallerDirectory();
      process.exitCode = await importCommand(loadConfig(), files, options);
    },
  );

program
  .command('export')
  .description('Export the catalogue and its questions in the QBank JSON format')
  .argument('<file>', 'JSON file to write')
  .option('--module <id>', 'export this module only')
  .action(async (file: string, options: { module?: string }) => {
    useCallerDirectory();
    process.exitCode = await exportCommand(loadConfig(), file, options);
  });

program
  .command('generate')
  .description('Fill the database with a large synthetic bank and activity (benchmarks only)')
  .option('--questions <n>', 'questions to create', '200000')
  .option('--users <n>', 'learners to create', '2000')
  .option('--history <n>', 'answer-history rows to create', '1000000')
  .action(async (options: { questions: string; users: string; history: string }) => {
    useCallerDirectory();
    process.exitCode = await generateCommand(loadConfig(), options);
  });

program
  .command('repair-aggregates')
  .description('Recompute statistics and streaks from the answer history; report what changed')
  .option('--check', 'report the differences only, change nothing (exit code 1 if any)')
  .action(async (options: { check?: boolean }) => {
    useCallerDirectory();
    process.exitCode = await repairAggregatesCommand(loadConfig(), options);
  });

program
  .command('backup')
  .description('Back up the database and every stored file into a new folder of BACKUP_DIR')
  .action(async () => {
    useCallerDirectory();
    process.exitCode = await backupCommand(loadConfig());
  });

program
  .command('restore')
  .description('Restore a backup folder into an empty database and storage, then verify it')
  .argument('<folder>', 'the backup folder (holds manifest.json)')
  .option('--force', 'replace a database and storage that are not empty')
  .action(async (folder: string, options: { force?: boolean }) => {
    useCallerDirectory();
    process.exitCode = await restoreCommand(loadConfig(), folder, options);
  });

try {
  await program.parseAsync();
} catch (error) {
  // Another process owns the embedded database: say so plainly, write nothing.
  if (!(error instanceof DataDirBusyError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
