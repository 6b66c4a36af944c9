// The queue under faults (faults-properties.ts): when storage writes fail or storage is full, when the
// settings change mid-job, when two alarms ring together, and when Cancel comes at each step.
import { checkProperties, useFaultClock } from './faults-properties';

useFaultClock();
checkProperties('storage');
