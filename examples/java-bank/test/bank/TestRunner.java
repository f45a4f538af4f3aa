package bank;

import bank.util.MoneyTest;

/** Runs every test method and exits with status 1 when any of them failed. */
public final class TestRunner {
    /** A test body; any exception or AssertionError counts as a failure. */
    public interface TestCase {
        void run() throws Exception;
    }

    private int passed;
    private int failed;

    /** Runs one named test, printing the reason when it fails. */
    public void run(String name, TestCase test) {
        try {
            test.run();
            passed++;
        } catch (Throwable failure) {
            failed++;
            System.err.println("FAIL " + name + ": " + failure);
        }
    }

    public static void main(String[] args) {
        TestRunner runner = new TestRunner();
        MoneyTest.register(runner);
        AccountTest.register(runner);
        LedgerTest.register(runner);
        System.out.println(runner.passed + " passed, " + runner.failed + " failed");
        System.exit(runner.failed == 0 ? 0 : 1);
    }
}
