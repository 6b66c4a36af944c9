// The queue under faults (faults-properties.ts): when the browser's clock jumps, and under any sequence of
// the faults.
import { checkProperties, useFaultClock } from './faults-properties';

useFaultClock();
checkProperties('clock');
