package bank;

import java.util.Objects;

/** Assertion helpers for the hand-written test runner; failures throw AssertionError. */
public final class Check {
    private Check() {}

    /** Fails unless expected and actual are equal according to equals(). */
    public static void equal(Object expected, Object actual) {
        if (!Objects.equals(expected, actual)) {
            throw new AssertionError("expected <" + expected + "> but was <" + actual + ">");
        }
    }

    /** Fails unless the condition holds. */
    public static void isTrue(boolean condition, String what) {
        if (!condition) {
            throw new AssertionError("expected true: " + what);
        }
    }

    /** Runs body and fails unless it throws an exception of the given type, which is returned. */
    public static <T extends Throwable> T raises(Class<T> type, Runnable body) {
        try {
            body.run();
        } catch (Throwable thrown) {
            if (type.isInstance(thrown)) {
                return type.cast(thrown);
            }
            throw new AssertionError("expected " + type.getSimpleName() + " but got " + thrown, thrown);
        }
        throw new AssertionError("expected " + type.getSimpleName() + " but nothing was thrown");
    }
}
