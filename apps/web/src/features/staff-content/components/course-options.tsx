import type { StaffModule } from '@qbank/contract/staff-content';

/** A course <select>'s options, grouped by module. */
export function CourseOptions({ modules }: { modules: StaffModule[] }) {
  return modules.map((m) => (
    <optgroup key={m.id} label={m.name}>
      {m.courses.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </optgroup>
  ));
}
