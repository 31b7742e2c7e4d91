// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Minimal ERC-20 for the adversarial suite: each token below overrides one hook to carry a
/// pattern seen in scam (or clean look-alike) contracts. `pair` is set once by the owner after the
/// pool exists; sells are transfers to it, buys transfers from it. Fees are whole percents.
abstract contract AdvBase {
    string public name;
    string public symbol;
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    address public owner;
    address public pair;
    uint256 public buyFee;
    uint256 public sellFee;
    mapping(address => uint256) internal _bal;
    mapping(address => mapping(address => uint256)) public allowance;
    mapping(address => bool) internal _exempt;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    constructor(string memory n, string memory s) {
        name = n;
        symbol = s;
        owner = msg.sender;
        _exempt[msg.sender] = true;
        _mint(msg.sender, 1_000_000_000 ether);
        emit OwnershipTransferred(address(0), msg.sender);
    }

    modifier onlyOwner() {
        require(msg.sender == owner, "not owner");
        _;
    }

    function balanceOf(address a) public view virtual returns (uint256) {
        return _bal[a];
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) public virtual returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) public virtual returns (bool) {
        _spend(from, amount);
        _transfer(from, to, amount);
        return true;
    }

    function renounceOwnership() external onlyOwner {
        emit OwnershipTransferred(owner, address(0));
        owner = address(0);
    }

    function setPair(address p) external onlyOwner {
        require(pair == address(0), "pair set");
        pair = p;
    }

    function _spend(address from, uint256 amount) internal {
        uint256 a = allowance[from][msg.sender];
        if (a != type(uint256).max) {
            require(a >= amount, "allowance");
            allowance[from][msg.sender] = a - amount;
        }
    }

    function _mint(address to, uint256 amount) internal {
        totalSupply += amount;
        _bal[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    /// Pattern hook: revert to block a transfer.
    function _check(address from, address to, uint256 amount) internal virtual {}

    function _buyFee(address) internal view virtual returns (uint256) {
        return buyFee;
    }

    function _sellFee(address) internal view virtual returns (uint256) {
        return sellFee;
    }

    function _transfer(address from, address to, uint256 amount) internal virtual {
        require(_bal[from] >= amount, "balance");
        _check(from, to, amount);
        uint256 fee;
        if (!_exempt[from] && !_exempt[to] && pair != address(0)) {
            if (from == pair) fee = (amount * _buyFee(to)) / 100;
            else if (to == pair) fee = (amount * _sellFee(from)) / 100;
        }
        _bal[from] -= amount;
        _bal[to] += amount - fee;
        emit Transfer(from, to, amount - fee);
        if (fee > 0) {
            _bal[address(this)] += fee;
            emit Transfer(from, address(this), fee);
        }
    }
}
