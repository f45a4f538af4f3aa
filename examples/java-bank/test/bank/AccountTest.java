package bank;

import bank.util.Money;

final class AccountTest {
    private AccountTest() {}

    static void register(TestRunner runner) {
        runner.run("account opens empty", AccountTest::opensEmpty);
        runner.run("account deposit and withdraw", AccountTest::depositAndWithdraw);
        runner.run("account overdraft", AccountTest::overdraft);
        runner.run("account frozen", AccountTest::frozen);
    }

    static void opensEmpty() {
        Account account = new Account(" acc-1 ", "Ada", Money.ofCents(5000));
        Check.equal("acc-1", account.id());
        Check.equal("Ada", account.owner());
        Check.equal(Money.ZERO, account.balance());
        Check.equal(Money.ofCents(5000), account.availableFunds());
        Check.raises(IllegalArgumentException.class, () -> new Account("", "Ada", Money.ZERO));
        Check.raises(IllegalArgumentException.class, () -> new Account("acc-2", "Ada", Money.ofCents(-1)));
    }

    static void depositAndWithdraw() {
        Account account = new Account("acc-1", "Ada", Money.ZERO);
        account.deposit(Money.parse("100"));
        account.withdraw(Money.parse("30.25"));
        Check.equal(Money.parse("69.75"), account.balance());
        Check.raises(IllegalArgumentException.class, () -> account.deposit(Money.ZERO));
        Check.raises(IllegalArgumentException.class, () -> account.withdraw(Money.ofCents(-5)));
        InsufficientFundsException short_ = Check.raises(InsufficientFundsException.class,
                () -> account.withdraw(Money.parse("70")));
        Check.equal(Money.ofCents(25), short_.shortfall());
        Check.equal("account acc-1 is short by $0.25", short_.getMessage());
        Check.equal(Money.parse("69.75"), account.balance());
    }

    static void overdraft() {
        Account account = new Account("acc-1", "Ada", Money.parse("50"));
        account.deposit(Money.parse("20"));
        Check.isTrue(account.canWithdraw(Money.parse("70")), "can use the overdraft");
        Check.isTrue(!account.canWithdraw(Money.parse("70.01")), "cannot exceed the overdraft");
        account.withdraw(Money.parse("45"));
        Check.equal(Money.parse("-25"), account.balance());
        Check.isTrue(account.isOverdrawn(), "overdrawn");
        Check.equal(Money.parse("25"), account.availableFunds());
    }

    static void frozen() {
        Account account = new Account("acc-1", "Ada", Money.ZERO);
        account.deposit(Money.parse("10"));
        account.setFrozen(true);
        Check.isTrue(account.isFrozen(), "frozen");
        Check.isTrue(!account.canWithdraw(Money.parse("1")), "frozen blocks withdrawals");
        BankException error = Check.raises(BankException.class, () -> account.withdraw(Money.parse("1")));
        Check.equal("account acc-1 is frozen", error.getMessage());
        account.deposit(Money.parse("5"));
        Check.equal(Money.parse("15"), account.balance());
        account.setFrozen(false);
        account.withdraw(Money.parse("15"));
        Check.equal(Money.ZERO, account.balance());
    }
}
