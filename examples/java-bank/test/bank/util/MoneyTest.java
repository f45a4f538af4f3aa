package bank.util;

import bank.Check;
import bank.TestRunner;
import java.util.List;

public final class MoneyTest {
    private MoneyTest() {}

    public static void register(TestRunner runner) {
        runner.run("money parses amounts", MoneyTest::parsesAmounts);
        runner.run("money rejects bad amounts", MoneyTest::rejectsBadAmounts);
        runner.run("money arithmetic", MoneyTest::arithmetic);
        runner.run("money percent rounding", MoneyTest::percentRounding);
        runner.run("money formatting", MoneyTest::formatting);
        runner.run("checks", MoneyTest::checks);
    }

    static void parsesAmounts() {
        Check.equal(1250L, Money.parse("12.5").cents());
        Check.equal(-307L, Money.parse("-3.07").cents());
        Check.equal(125000L, Money.parse(" $1,250.00 ").cents());
        Check.equal(-500L, Money.parse("-$5").cents());
        Check.equal(Money.ZERO, Money.parse("0.00"));
    }

    static void rejectsBadAmounts() {
        Check.raises(IllegalArgumentException.class, () -> Money.parse("1.234"));
        Check.raises(IllegalArgumentException.class, () -> Money.parse("ten"));
        Check.raises(IllegalArgumentException.class, () -> Money.parse("  "));
        Check.raises(IllegalArgumentException.class, () -> Money.parse(null));
    }

    static void arithmetic() {
        Money a = Money.ofCents(1050);
        Money b = Money.ofCents(275);
        Check.equal(Money.ofCents(1325), a.add(b));
        Check.equal(Money.ofCents(-775), b.subtract(a));
        Check.equal(Money.ofCents(-1050), a.negate());
        Check.equal(Money.ofCents(1400), Money.sum(List.of(a, b, Money.ofCents(75))));
        Check.equal(Money.ZERO, Money.sum(List.of()));
        Check.isTrue(a.greaterThan(b), "10.50 > 2.75");
        Check.isTrue(!b.greaterThan(b), "not 2.75 > 2.75");
        Check.isTrue(b.negate().isNegative(), "-2.75 is negative");
        Check.isTrue(!Money.ZERO.isNegative(), "zero is not negative");
        Check.isTrue(a.compareTo(b) > 0 && b.compareTo(a) < 0, "compareTo orders by cents");
        Check.equal(Money.ofCents(5).hashCode(), Money.parse("0.05").hashCode());
        Check.isTrue(Money.ofCents(5).hashCode() != Money.ofCents(6).hashCode(), "distinct amounts hash apart");
        Check.isTrue(!Money.ofCents(5).equals(Money.ofCents(6)) && !Money.ofCents(5).equals("$0.05"), "equals compares cents");
    }

    static void percentRounding() {
        Check.equal(Money.ofCents(150), Money.ofCents(1000).percent(15));
        Check.equal(Money.ofCents(1), Money.ofCents(10).percent(5));
        Check.equal(Money.ofCents(-1), Money.ofCents(-10).percent(5));
        Check.equal(Money.ofCents(0), Money.ofCents(9).percent(5));
    }

    static void formatting() {
        Check.equal("$0.00", Money.ZERO.toString());
        Check.equal("$1,234,567.05", Money.ofCents(123456705).toString());
        Check.equal("-$0.99", Money.ofCents(-99).toString());
    }

    static void checks() {
        Check.equal("bob", Checks.requireNonBlank("  bob ", "name"));
        IllegalArgumentException blank = Check.raises(IllegalArgumentException.class, () -> Checks.requireNonBlank("", "name"));
        Check.equal("name must not be blank", blank.getMessage());
        Check.raises(IllegalArgumentException.class, () -> Checks.requirePositive(Money.ZERO, "amount"));
        Check.equal(Money.ZERO, Checks.requireNonNegative(Money.ZERO, "limit"));
        IllegalArgumentException negative = Check.raises(IllegalArgumentException.class,
                () -> Checks.requireNonNegative(Money.ofCents(-1), "limit"));
        Check.equal("limit must not be negative, got -$0.01", negative.getMessage());
    }
}
