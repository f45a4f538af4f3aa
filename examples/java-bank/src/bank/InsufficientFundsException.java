package bank;

import bank.util.Money;

/** Raised when a withdrawal or transfer exceeds the funds an account can draw on. */
public class InsufficientFundsException extends BankException {
    private final Money shortfall;

    /** Records the account and how much money was missing for the operation. */
    public InsufficientFundsException(String accountId, Money shortfall) {
        super("account " + accountId + " is short by " + shortfall);
        this.shortfall = shortfall;
    }

    /** Returns how much more money the operation would have needed. */
    public Money shortfall() {
        return shortfall;
    }
}
