package bank.util;

/** Argument checks shared by the bank classes; each throws IllegalArgumentException. */
public final class Checks {
    private Checks() {}

    /** Returns the text trimmed, or throws when it is null or blank; name labels the message. */
    public static String requireNonBlank(String text, String name) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException(name + " must not be blank");
        }
        return text.trim();
    }

    /** Returns the amount when it is greater than zero, or throws naming the argument. */
    public static Money requirePositive(Money amount, String name) {
        if (amount == null || amount.cents() <= 0) {
            throw new IllegalArgumentException(name + " must be positive, got " + amount);
        }
        return amount;
    }

    /** Returns the amount when it is zero or more, or throws naming the argument. */
    public static Money requireNonNegative(Money amount, String name) {
        if (amount == null || amount.isNegative()) {
            throw new IllegalArgumentException(name + " must not be negative, got " + amount);
        }
        return amount;
    }
}
