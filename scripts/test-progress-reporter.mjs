// A Vitest reporter that writes, as they happen, which files and tests have started and ended, to the
// file named by SR_TEST_PROGRESS. The test script reads it when a tier passes its time limit, to name
// what was still running: a test that blocks its worker's thread (a loop, a synchronous wait) is out of
// reach of Vitest's own timeouts and would otherwise hold the run until CI's limit, naming nothing.
import { appendFileSync } from 'node:fs';
import { relative } from 'node:path';

const progressFile = process.env.SR_TEST_PROGRESS;
const note = (line) => {
  if (progressFile) appendFileSync(progressFile, `${line}\n`);
};
const fileOf = (moduleId) => relative(process.cwd(), moduleId);

export default class TestProgressReporter {
  onTestModuleStart(testModule) {
    note(`file-start\t${fileOf(testModule.moduleId)}`);
  }
  onTestModuleEnd(testModule) {
    note(`file-end\t${fileOf(testModule.moduleId)}`);
  }
  onTestCaseReady(testCase) {
    note(`test-start\t${fileOf(testCase.module.moduleId)}\t${testCase.fullName}`);
  }
  onTestCaseResult(testCase) {
    note(`test-end\t${fileOf(testCase.module.moduleId)}\t${testCase.fullName}`);
  }
}
