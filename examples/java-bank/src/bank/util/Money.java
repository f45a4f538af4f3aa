package bank.util;

/** An immutable amount of money held as a whole number of cents. */
public final class Money implements Comparable<Money> {
    public static final Money ZERO = new Money(0);

    private final long cents;

    private Money(long cents) {
        this.cents = cents;
    }

    /** Returns the amount worth the given number of cents, which may be negative. */
    public static Money ofCents(long cents) {
        return cents == 0 ? ZERO : new Money(cents);
    }

    /**
     * Parses text such as "12.5", "-3.07" or "1,250.00" into an amount; a leading "$" and
     * thousands separators are allowed, and at most two decimal places.
     */
    public static Money parse(String text) {
        String cleaned = Checks.requireNonBlank(text, "amount").replace(",", "");
        boolean negative = cleaned.startsWith("-");
        cleaned = cleaned.replaceFirst("^-?\\$?", "");
        if (!cleaned.matches("\\d+(\\.\\d{1,2})?")) {
            throw new IllegalArgumentException("not an amount: \"" + text + "\"");
        }
        String[] parts = cleaned.split("\\.");
        long fraction = parts.length > 1 ? Long.parseLong((parts[1] + "0").substring(0, 2)) : 0;
        long total = Long.parseLong(parts[0]) * 100 + fraction;
        return ofCents(negative ? -total : total);
    }

    /** Adds up any number of amounts; an empty collection gives zero. */
    public static Money sum(Iterable<Money> amounts) {
        Money total = ZERO;
        for (Money amount : amounts) {
            total = total.add(amount);
        }
        return total;
    }

    /** Returns the number of cents in this amount. */
    public long cents() {
        return cents;
    }

    /** Returns this amount plus other. */
    public Money add(Money other) {
        return ofCents(Math.addExact(cents, other.cents));
    }

    /** Returns this amount minus other. */
    public Money subtract(Money other) {
        return ofCents(Math.subtractExact(cents, other.cents));
    }

    /** Returns the given whole percentage of this amount, rounding half a cent away from zero. */
    public Money percent(int percent) {
        long scaled = cents * percent;
        long rounded = (Math.abs(scaled) + 50) / 100;
        return ofCents(scaled < 0 ? -rounded : rounded);
    }

    /** Returns the amount with its sign flipped. */
    public Money negate() {
        return ofCents(-cents);
    }

    /** Tells whether the amount is below zero. */
    public boolean isNegative() {
        return cents < 0;
    }

    /** Tells whether this amount is strictly greater than other. */
    public boolean greaterThan(Money other) {
        return compareTo(other) > 0;
    }

    /** Orders amounts by value, smallest first. */
    @Override
    public int compareTo(Money other) {
        return Long.compare(cents, other.cents);
    }

    /** Two amounts are equal when they hold the same number of cents. */
    @Override
    public boolean equals(Object other) {
        return other instanceof Money money && money.cents == cents;
    }

    /** Hashes the number of cents, consistent with equals. */
    @Override
    public int hashCode() {
        return Long.hashCode(cents);
    }

    /** Formats the amount as dollars with thousands separators, e.g. "-$1,234.05". */
    @Override
    public String toString() {
        String sign = cents < 0 ? "-" : "";
        long abs = Math.abs(cents);
        return String.format("%s$%,d.%02d", sign, abs / 100, abs % 100);
    }
}
