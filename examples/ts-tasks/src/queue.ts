/** Returns a negative number when a should come out of the queue before b. */
export type Comparator<T> = (a: T, b: T) => number;

/** A binary min-heap: pop() always returns the item that the comparator orders first. */
export class PriorityQueue<T> {
  private readonly heap: T[] = [];

  /** Creates an empty queue ordered by compare. */
  constructor(private readonly compare: Comparator<T>) {}

  /** Returns the number of items in the queue. */
  get size(): number {
    return this.heap.length;
  }

  /** Tells whether the queue holds no items. */
  isEmpty(): boolean {
    return this.heap.length === 0;
  }

  /** Adds an item and restores the heap order by moving it up. */
  push(item: T): void {
    this.heap.push(item);
    this.siftUp(this.heap.length - 1);
  }

  /** Returns the first item without removing it, or undefined when empty. */
  peek(): T | undefined {
    return this.heap[0];
  }

  /** Removes and returns the first item, or undefined when the queue is empty. */
  pop(): T | undefined {
    const top = this.heap[0];
    const last = this.heap.pop();
    if (this.heap.length > 0 && last !== undefined) {
      this.heap[0] = last;
      this.siftDown(0);
    }
    return top;
  }

  /** Returns all items in pop order without changing the queue. */
  toSortedArray(): T[] {
    return [...this.heap].sort(this.compare);
  }

  /** Removes every item matching the predicate and returns how many were removed. */
  removeWhere(predicate: (item: T) => boolean): number {
    const kept = this.heap.filter((item) => !predicate(item));
    const removed = this.heap.length - kept.length;
    this.heap.length = 0;
    kept.forEach((item) => this.push(item));
    return removed;
  }

  /** Moves the item at index up while it orders before its parent. */
  private siftUp(index: number): void {
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (this.compare(this.heap[index], this.heap[parent]) >= 0) return;
      this.swap(index, parent);
      index = parent;
    }
  }

  /** Moves the item at index down while a child orders before it. */
  private siftDown(index: number): void {
    for (;;) {
      const left = 2 * index + 1;
      const right = left + 1;
      let first = index;
      if (left < this.heap.length && this.compare(this.heap[left], this.heap[first]) < 0) first = left;
      if (right < this.heap.length && this.compare(this.heap[right], this.heap[first]) < 0) first = right;
      if (first === index) return;
      this.swap(index, first);
      index = first;
    }
  }

  /** Exchanges the items at two heap positions. */
  private swap(i: number, j: number): void {
    [this.heap[i], this.heap[j]] = [this.heap[j], this.heap[i]];
  }
}
