package bank;

import bank.util.Checks;
import bank.util.Money;

/** A bank account with a balance that may go negative down to an overdraft limit. */
public final class Account {
    private final String id;
    private final String owner;
    private final Money overdraftLimit;
    private Money balance = Money.ZERO;
    private boolean frozen;

    /** Opens an empty account; id and owner must not be blank and the limit not negative. */
    public Account(String id, String owner, Money overdraftLimit) {
        this.id = Checks.requireNonBlank(id, "account id");
        this.owner = Checks.requireNonBlank(owner, "owner");
        this.overdraftLimit = Checks.requireNonNegative(overdraftLimit, "overdraft limit");
    }

    /** Returns the account identifier. */
    public String id() {
        return id;
    }

    /** Returns the name of the account holder. */
    public String owner() {
        return owner;
    }

    /** Returns the current balance, negative when overdrawn. */
    public Money balance() {
        return balance;
    }

    /** Returns how much can still be withdrawn: the balance plus the overdraft limit. */
    public Money availableFunds() {
        return balance.add(overdraftLimit);
    }

    /** Tells whether amount can be withdrawn now: the account is not frozen and has the funds. */
    public boolean canWithdraw(Money amount) {
        return !frozen && !amount.greaterThan(availableFunds());
    }

    /** Adds a positive amount to the balance; frozen accounts still accept deposits. */
    public void deposit(Money amount) {
        Checks.requirePositive(amount, "deposit");
        balance = balance.add(amount);
    }

    /**
     * Takes a positive amount from the balance. Throws BankException when the account is
     * frozen and InsufficientFundsException when the amount exceeds the available funds.
     */
    public void withdraw(Money amount) {
        Checks.requirePositive(amount, "withdrawal");
        if (frozen) {
            throw new BankException("account " + id + " is frozen");
        }
        if (!canWithdraw(amount)) {
            throw new InsufficientFundsException(id, amount.subtract(availableFunds()));
        }
        balance = balance.subtract(amount);
    }

    /** Blocks or unblocks withdrawals from the account. */
    public void setFrozen(boolean frozen) {
        this.frozen = frozen;
    }

    /** Tells whether withdrawals are blocked. */
    public boolean isFrozen() {
        return frozen;
    }

    /** Tells whether the balance is below zero. */
    public boolean isOverdrawn() {
        return balance.isNegative();
    }
}
