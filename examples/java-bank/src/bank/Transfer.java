package bank;

import bank.util.Checks;
import bank.util.Money;

/** One completed movement of money between two accounts, numbered in ledger order. */
public record Transfer(long sequence, String fromId, String toId, Money amount, String memo) {
    /** Validates a transfer: distinct accounts, a positive amount and a memo (may be empty). */
    public Transfer {
        Checks.requirePositive(amount, "transfer amount");
        if (fromId.equals(toId)) {
            throw new IllegalArgumentException("cannot transfer from " + fromId + " to itself");
        }
        memo = memo == null ? "" : memo.trim();
    }

    /** Tells whether the account is the sender or the receiver of this transfer. */
    public boolean involves(String accountId) {
        return fromId.equals(accountId) || toId.equals(accountId);
    }

    /** Returns the change this transfer made to an account: negative for the sender, zero if uninvolved. */
    public Money signedAmountFor(String accountId) {
        if (fromId.equals(accountId)) {
            return amount.negate();
        }
        return toId.equals(accountId) ? amount : Money.ZERO;
    }

    /** Renders the transfer as "#3 alice -> bob $12.00 (rent)", omitting an empty memo. */
    public String describe() {
        String text = "#" + sequence + " " + fromId + " -> " + toId + " " + amount;
        return memo.isEmpty() ? text : text + " (" + memo + ")";
    }
}
